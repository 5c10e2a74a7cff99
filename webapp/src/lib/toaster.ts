import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

export async function showSuccess(message: string): Promise<void> {
  (await getToaster()).show({ message, intent: Intent.SUCCESS, icon: 'tick-circle' });
}

export async function showError(message: string): Promise<void> {
  (await getToaster()).show({ message, intent: Intent.DANGER, icon: 'error', timeout: 8000 });
}

/** A notice that stays until the user acts on it or closes it. */
export async function showNotice(message: string, action: { text: string; onClick: () => void }): Promise<void> {
  (await getToaster()).show({ message, intent: Intent.PRIMARY, icon: 'info-sign', timeout: 0, action });
}

import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

/** What a toast offers to do next, e.g. open the record just created. */
export interface ToastAction {
  text: string;
  onClick: () => void;
}

export async function showSuccess(message: string, action?: ToastAction): Promise<void> {
  (await getToaster()).show({ message, intent: Intent.SUCCESS, icon: 'tick-circle', ...(action && { action }) });
}

export async function showError(message: string): Promise<void> {
  (await getToaster()).show({ message, intent: Intent.DANGER, icon: 'error', timeout: 8000 });
}

/** A notice that stays until the user acts on it or closes it. */
export async function showNotice(message: string, action: ToastAction): Promise<void> {
  (await getToaster()).show({ message, intent: Intent.PRIMARY, icon: 'info-sign', timeout: 0, action });
}

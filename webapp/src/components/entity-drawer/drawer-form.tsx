import { Alert, Button, Classes, Intent, Spinner, SpinnerSize } from '@blueprintjs/core';
import { type KeyboardEvent, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import type { EntityForm } from '@/lib/use-entity-form';

export const DISCARD_QUESTION = 'Discard unsaved changes?';

interface DrawerFormProps {
  form: EntityForm;
  onCancel: () => void;
  children: ReactNode;
}

/** Whether a key went to an open picker (a suggest's list, a date's calendar), which owns it. */
function pickerOwns(form: HTMLFormElement, target: EventTarget): boolean {
  if (!(target instanceof Element)) return false;
  // Picker lists and calendars live in portals outside the form.
  if (!form.contains(target)) return true;
  return target.getAttribute('aria-expanded') === 'true';
}

/**
 * The body and footer (Cancel, Save) of every drawer form, and how such a form answers keys
 * (spec 01 §2, issue #13): Enter never saves, so it can pick in a picker and confirm a typed
 * date; Save or Ctrl/Cmd+Enter saves; Escape closes the drawer, asking first when something
 * was typed, and so does leaving the page by Back or a link. A Save that ends with messages
 * brings the first one into view and focuses it.
 */
export function DrawerForm({ form, onCancel, children }: DrawerFormProps) {
  const ref = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const inDataRouter = useContext(UNSAFE_DataRouterContext) !== null;

  useEffect(() => {
    if (form.attempts === 0) return;
    const first = ref.current?.querySelector(`.${Classes.DRAWER_BODY} .${Classes.INTENT_DANGER}`);
    if (!first) return;
    first.scrollIntoView?.({ block: 'center' });
    const focusable = first.matches('input, textarea, select, button')
      ? first
      : first.querySelector('input:not([disabled]), textarea, select, button:not([disabled])');
    if (focusable instanceof HTMLElement) focusable.focus();
  }, [form.attempts]);

  useEffect(() => {
    if (!form.dirty) return undefined;
    // Reloading or closing the tab with typed changes asks the browser's own question.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [form.dirty]);

  const cancel = () => {
    form.discard();
    onCancel();
  };

  const onKeyDownCapture = (event: KeyboardEvent<HTMLFormElement>) => {
    const formElement = ref.current;
    if (formElement === null || event.key !== 'Escape' || pickerOwns(formElement, event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    if (form.hasUnsavedChanges()) setAsking(true);
    else cancel();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter') return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      ref.current?.requestSubmit();
      return;
    }
    // A text field's Enter would submit the form; it belongs to the field (a picker's choice,
    // a typed date). Buttons and text areas keep theirs.
    if (event.target instanceof HTMLInputElement) event.preventDefault();
  };

  return (
    <form
      ref={ref}
      className="pd-drawer-form"
      onSubmit={(event) => void form.submit(event)}
      onKeyDownCapture={onKeyDownCapture}
      onKeyDown={onKeyDown}
      noValidate
    >
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>{children}</div>
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <div className="pd-form-footer">
          <Button text="Cancel" onClick={cancel} disabled={form.saving} />
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            disabled={!form.dirty || form.saving}
            icon={form.saving ? <Spinner size={SpinnerSize.SMALL} /> : undefined}
            text={form.saving ? 'Saving' : 'Save'}
          />
        </div>
      </div>
      <DiscardAlert isOpen={asking} onDiscard={cancel} onKeep={() => setAsking(false)} />
      {inDataRouter && <LeaveGuard form={form} />}
    </form>
  );
}

/** Asks before a navigation (Back, a link) drops typed changes. Needs a data router. */
function LeaveGuard({ form }: { form: EntityForm }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => form.hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <DiscardAlert
      isOpen={blocker.state === 'blocked'}
      onDiscard={() => {
        form.discard();
        blocker.proceed?.();
      }}
      onKeep={() => blocker.reset?.()}
    />
  );
}

function DiscardAlert({ isOpen, onDiscard, onKeep }: { isOpen: boolean; onDiscard: () => void; onKeep: () => void }) {
  return (
    <Alert
      isOpen={isOpen}
      icon="warning-sign"
      intent={Intent.WARNING}
      confirmButtonText="Discard"
      cancelButtonText="Keep editing"
      canEscapeKeyCancel
      onConfirm={onDiscard}
      onCancel={onKeep}
    >
      <p>{DISCARD_QUESTION}</p>
    </Alert>
  );
}

import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionState } from '../app/use-action.ts';
import { confirmDiscard } from './confirm-discard.ts';
import { translateFormMessage } from './form-messages.ts';

interface FormDialogProps {
  /** Ties the footer's submit button to the form. */
  formId: string;
  header: string;
  /** An edit form's button says Update, a new item's Create (§4 Modals), unless it has a label of its own. */
  editing?: boolean;
  submitLabel?: string;
  /** Create and Update stay disabled until the form changes (§4 Modals). */
  dirty: boolean;
  /** The submit in progress, and the messages with no field of their own (a 403's detail among them). */
  action: { state: ActionState<unknown>; alert: readonly string[] };
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
  /** 600 px by default; the status modal is 404 (§9). */
  width?: string;
  /** A rule broken elsewhere (a live password check) also keeps the form from being sent. */
  submitDisabled?: boolean;
  children: ReactNode;
}

/** A modal form: Cancel and submit in the footer, the unplaced errors on top, and a question before losing changes. */
export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation();
  const requestClose = () => (props.dirty ? confirmDiscard(t, props.onClose) : props.onClose());
  const footer = (
    <>
      <Button type="button" label={t('common.cancel')} text severity="secondary" onClick={requestClose} />
      <Button
        type="submit"
        form={props.formId}
        label={props.submitLabel ?? t(props.editing ? 'common.update' : 'common.create')}
        icon="pi pi-check"
        disabled={!props.dirty || props.submitDisabled === true}
        loading={props.action.state.state === 'running'}
      />
    </>
  );
  return (
    <Dialog
      visible
      modal
      header={props.header}
      footer={footer}
      onHide={requestClose}
      style={{ width: props.width ?? '600px' }}
      breakpoints={{ '640px': '95vw' }}
    >
      <form id={props.formId} className="form" onSubmit={props.onSubmit} noValidate>
        {props.action.alert.length > 0 && (
          <Message severity="error" text={props.action.alert.map((m) => translateFormMessage(t, m)).join(' ')} />
        )}
        {props.children}
      </form>
    </Dialog>
  );
}

// The dialog lives in core/ui so plugins (navigation help) open the same dialog as the app's pages.
export { ModalDialog, type ModalDialogProps } from '../../core/ui/ModalDialog';

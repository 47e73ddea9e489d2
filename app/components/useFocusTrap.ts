// The focus trap lives in core/ui with the dialog that uses it (core/ui/ModalDialog.tsx).
export { useFocusTrap } from '../../core/ui/useFocusTrap';

// The icons live in core/ui, where the shared dialog (core/ui/ModalDialog.tsx) draws its close button.
export { Icon } from '../../core/ui/Icon';

// The hook lives in core/ui so plugins (the inspector) share it with the app's pages.
export { useCopyToClipboard, type CopyState } from '../../core/ui/useCopyToClipboard';

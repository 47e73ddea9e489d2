/**
 * The app's {@link NoticeService}: a small list of short notices shown by <NoticesArea/>.
 * A notice with an id replaces an earlier one with the same id (a failing feed does not stack up).
 */
import { create } from 'zustand';
import './notices.css';
import type { Disposer, LocalisedText, NoticeAction, NoticeService } from '../../core/plugin/types';

export interface Notice {
  id: string;
  /** A function is called on each render, so the notice follows a language switch (NoticesArea re-renders then). */
  message: LocalisedText;
  severity: 'info' | 'warning' | 'error';
  /** Buttons of the notice (NoticesArea runs them and, unless `dismiss: false`, closes the notice). */
  actions?: readonly NoticeAction[];
}

interface NoticeState {
  notices: Notice[];
  dismiss(id: string): void;
}

let counter = 0;

export const useNoticeStore = create<NoticeState>((set) => ({
  notices: [],
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
}));

/** Shows notices in the app's notices area. */
export const noticeService: NoticeService = {
  show(notice): Disposer {
    counter += 1;
    const id = notice.id ?? `notice-${counter}`;
    const entry: Notice = { id, message: notice.message, severity: notice.severity, ...(notice.actions?.length ? { actions: notice.actions } : {}) };
    useNoticeStore.setState((state) => ({ notices: [...state.notices.filter((item) => item.id !== id), entry] }));
    return () => {
      useNoticeStore.setState((state) => ({ notices: state.notices.filter((item) => item !== entry) }));
    };
  },
};

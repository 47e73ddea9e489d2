/**
 * Shell-only UI state that no plugin reads: the About dialog and the landing panel.
 * Menus live in the core store when it offers them (see ./menus.ts).
 */
import { create } from 'zustand';

/** Sections of the About dialog, in tab order. */
export const ABOUT_SECTIONS = [
  'about',
  'videos',
  'terms',
  'disclaimer',
  'privacy',
  'accessibility',
  'faq',
  'contact',
  'system',
  'sources',
] as const;
export type AboutSection = (typeof ABOUT_SECTIONS)[number];

export interface ShellState {
  /** The open About dialog section, or null when closed. */
  aboutSection: AboutSection | null;
  openAbout(section?: AboutSection): void;
  closeAbout(): void;
  /** The welcome (landing) panel over the map is showing. */
  landingOpen: boolean;
  setLandingOpen(open: boolean): void;
}

export const useShellStore = create<ShellState>((set) => ({
  aboutSection: null,
  openAbout: (section = 'about') => set({ aboutSection: section }),
  closeAbout: () => set({ aboutSection: null }),
  landingOpen: false,
  setLandingOpen: (open) => set({ landingOpen: open }),
}));

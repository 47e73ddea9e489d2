/**
 * The structure of the About dialog's texts. The words themselves are messages in
 * locales/<lang>/app.json (so the missing-message test covers all three languages); this file only says
 * how many paragraphs or questions each section has.
 */
import type { AboutSection } from '../state/shellStore';

/** Paragraph message ids `app.about.<section>.p<n>` for n = 1..count. */
export const PARAGRAPH_COUNTS: Partial<Record<AboutSection, number>> = {
  about: 4,
  terms: 7,
  disclaimer: 4,
  privacy: 5,
  accessibility: 4,
};

/** FAQ entries `app.about.faq.q<n>` / `app.about.faq.a<n>`. */
export const FAQ_COUNT = 10;

/** The two videos; each has `.title`, `.duration` and `.summary` messages under `app.about.videos.<id>`. */
export const VIDEOS = ['promotion', 'userGuide'] as const;

/** System requirement rows `app.about.system.<id>.label` / `.value`. */
export const SYSTEM_REQUIREMENT_ROWS = ['browser', 'webgl', 'memory', 'screen', 'network', 'heritage'] as const;

export function paragraphIds(section: AboutSection): string[] {
  const count = PARAGRAPH_COUNTS[section] ?? 0;
  return Array.from({ length: count }, (_, index) => `app.about.${section}.p${index + 1}`);
}

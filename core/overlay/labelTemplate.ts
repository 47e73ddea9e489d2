import type { TrilingualText } from '../manifests/schemas';
import type { Language } from '../plugin/types';

/**
 * Fills a label template such as `"{_value_0}°C"` from feature properties. A placeholder names a property;
 * a missing or null property renders as an empty string (so a station without a reading shows "°C" only
 * if the template says so — manifests should keep templates short). A template per language picks the
 * current one.
 */
export function formatLabel(template: string | TrilingualText, properties: Record<string, unknown>, language: Language = 'en-US'): string {
  const text = typeof template === 'string' ? template : template[language];
  return fillTemplate(text, properties);
}

function fillTemplate(template: string, properties: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, key: string) => {
    const value = Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
    if (value === undefined || value === null) return '';
    if (typeof value === 'number') return String(value);
    return String(value);
  });
}

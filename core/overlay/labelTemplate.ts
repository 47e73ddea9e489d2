/**
 * Fills a label template such as `"{_value_0}°C"` from feature properties. A placeholder names a property;
 * a missing or null property renders as an empty string (so a station without a reading shows "°C" only
 * if the template says so — manifests should keep templates short).
 */
export function formatLabel(template: string, properties: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, key: string) => {
    const value = Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
    if (value === undefined || value === null) return '';
    if (typeof value === 'number') return String(value);
    return String(value);
  });
}

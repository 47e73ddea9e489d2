/**
 * The site's contact details and key-request mailbox as the deployment configured them (GET /mapviewer/api/config,
 * core/contracts/siteConfig.ts; README "Site settings"). Asked once per page load; until the answer arrives, and if
 * the call fails, the defaults (the Contact Us address the site gives) are shown — never an invented address.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_SITE_CONTACT, siteConfigEndpoint, siteConfigResponseSchema, type SiteContact } from '../../core/contracts/siteConfig';

let loaded: SiteContact | null = null;
let loading: Promise<SiteContact> | null = null;

/** The configured contact (one call per page load, shared by every user of the hook). */
export function loadSiteContact(fetcher: typeof fetch = fetch): Promise<SiteContact> {
  loading ??= fetcher(siteConfigEndpoint.path)
    .then(async (response) => {
      if (!response.ok) throw new Error(`${siteConfigEndpoint.path}: HTTP ${response.status}`);
      loaded = siteConfigResponseSchema.parse(await response.json()).contact;
      return loaded;
    })
    .catch((error: unknown) => {
      console.warn('the site settings could not be loaded; showing the default contact', error);
      return DEFAULT_SITE_CONTACT;
    });
  return loading;
}

/** Forgets the loaded settings (tests). */
export function resetSiteContact(): void {
  loaded = null;
  loading = null;
}

export function useSiteContact(): SiteContact {
  const [contact, setContact] = useState<SiteContact>(loaded ?? DEFAULT_SITE_CONTACT);
  useEffect(() => {
    let current = true;
    void loadSiteContact().then((value) => {
      if (current) setContact(value);
    });
    return () => {
      current = false;
    };
  }, []);
  return contact;
}

/** The rows that a club's and a team's details share (spec 01 §2, §3). */
import { LogoImage } from '@/components/logo-upload/logo-upload';
import type { DetailRow } from '@/components/details-list/details-list';
import { yesNo } from '@/components/details-list/details-list';

/** A link that opens in a new tab, for web and social addresses. */
function ExternalLink({ href }: { href: string | null | undefined }) {
  if (!href) return null;
  const url = /^https?:\/\//i.test(href) ? href : `https://${href}`;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      {href}
    </a>
  );
}

interface Named {
  name: string;
  nameUniversal?: string | null;
  shortName?: string | null;
  description?: string | null;
  logo?: string | null;
}

interface Contacts {
  venue?: string | null;
  address?: string | null;
  phone?: string | null;
  web?: string | null;
  email?: string | null;
  facebook?: string | null;
  twitter?: string | null;
  youtube?: string | null;
  instagram?: string | null;
  isPro: boolean;
}

/** Logo, Name, Universal name, Short name and Description. */
export const nameRows = (entity: Named): DetailRow[] => [
  ['Logo', entity.logo ? <LogoImage value={entity.logo} alt={`${entity.name} logo`} /> : null],
  ['Name', entity.name],
  ['Universal name', entity.nameUniversal],
  ['Short name', entity.shortName],
  ['Description', entity.description],
];

const external = (href: string | null | undefined) => (href ? <ExternalLink href={href} /> : null);

/** Venue, the addresses to reach it by, and whether it is professional. */
export const contactRows = (entity: Contacts): DetailRow[] => [
  ['Venue', entity.venue],
  ['Address', entity.address],
  ['Phone', entity.phone],
  ['Web', external(entity.web)],
  ['Email', entity.email ? <a href={`mailto:${entity.email}`}>{entity.email}</a> : null],
  ['Facebook', external(entity.facebook)],
  ['Twitter', external(entity.twitter)],
  ['Youtube', external(entity.youtube)],
  ['Instagram', external(entity.instagram)],
  ['Professional', yesNo(entity.isPro)],
];

/** The competition form's values and field rules (spec 01 §3 Competition, §5 Competition). */
import type { Competition, CompetitionInput, PointsRule, TemplateLanguage } from '@/features/competitions/competitions-api';
import { COMMON_TEXT_RULES, checkText, optionalText, TEXT_LIMIT } from '@/lib/text-rules';

export const FEDERATION_REQUIRED = 'Federation field is required!';
export const DATES_ORDER = 'End date must not be before start date.';
export const POINTS_RANGE = 'Points must be a whole number from 0 to 10.';

/** The points a new competition starts with (the server's defaults when a body leaves them out). */
export const DEFAULT_POINTS: PointsRule = { win: 3, draw: 1, loss: 0, shootoutWin: 2, shootoutLoss: 1 };
export const MAX_POINTS = 10;

export type PointsKey = keyof PointsRule;
/** The points a competition awards, in the order the form and the details show them. */
export const POINTS: readonly { key: PointsKey; field: PointsField; label: string; short: string }[] = [
  { key: 'win', field: 'pointsWin', label: 'Points for a win', short: 'win' },
  { key: 'draw', field: 'pointsDraw', label: 'Points for a draw', short: 'draw' },
  { key: 'loss', field: 'pointsLoss', label: 'Points for a loss', short: 'loss' },
  { key: 'shootoutWin', field: 'pointsShootoutWin', label: 'Points for a shootout win', short: 'shootout win' },
  { key: 'shootoutLoss', field: 'pointsShootoutLoss', label: 'Points for a shootout loss', short: 'shootout loss' },
];

/** `3 / 1 / 0 / 2 / 1 (win / draw / loss / shootout win / shootout loss)`, as the details show a rule. */
export function formatPoints(points: PointsRule): string {
  const values = POINTS.map(({ key }) => String(points[key])).join(' / ');
  return `${values} (${POINTS.map(({ short }) => short).join(' / ')})`;
}

/** A whole number from 0 to 10, as typed; anything else is refused. */
const checkPoints = (text: string) => {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) <= MAX_POINTS ? undefined : POINTS_RANGE;
};

export interface CompetitionValues {
  name: string;
  nameUniversal: string;
  shortName: string;
  description: string;
  season: string;
  federationId: number | null;
  categoryId: number | null;
  competitionTypeId: number | null;
  startDate: string;
  endDate: string;
  countryId: number | null;
  cityId: number | null;
  venue: string;
  address: string;
  phone: string;
  web: string;
  email: string;
  facebook: string;
  twitter: string;
  instagram: string;
  youtube: string;
  matchLogTemplateLanguage: TemplateLanguage;
  isPro: boolean;
  isInternational: boolean;
  gameLogPinConfirmationRequired: boolean;
  logo: string | null;
  /** The points as typed (numbers once they pass their rule). */
  pointsWin: string;
  pointsDraw: string;
  pointsLoss: string;
  pointsShootoutWin: string;
  pointsShootoutLoss: string;
}

type PointsField = 'pointsWin' | 'pointsDraw' | 'pointsLoss' | 'pointsShootoutWin' | 'pointsShootoutLoss';

/** The competition's text fields: the shared ones and the season. */
const COMPETITION_TEXT_RULES = { ...COMMON_TEXT_RULES, season: { max: TEXT_LIMIT } };

export const COMPETITION_FIELDS = [
  'name',
  'nameUniversal',
  'shortName',
  'description',
  'season',
  'venue',
  'address',
  'federationId',
  'startDate',
  'endDate',
  'countryId',
  'cityId',
  'phone',
  'email',
  'web',
  'facebook',
  'twitter',
  'instagram',
  'youtube',
  'logo',
  'pointsWin',
  'pointsDraw',
  'pointsLoss',
  'pointsShootoutWin',
  'pointsShootoutLoss',
] as const;
export type CompetitionField = (typeof COMPETITION_FIELDS)[number];

export function checkCompetitionField(field: CompetitionField, values: CompetitionValues): string | undefined {
  switch (field) {
    case 'name':
    case 'nameUniversal':
    case 'shortName':
    case 'description':
    case 'season':
    case 'venue':
    case 'address':
    case 'phone':
    case 'email':
    case 'web':
    case 'facebook':
    case 'twitter':
    case 'instagram':
    case 'youtube':
      return checkText(values[field], COMPETITION_TEXT_RULES[field]);
    case 'federationId':
      return values.federationId === null ? FEDERATION_REQUIRED : undefined;
    case 'endDate':
      return values.startDate !== '' && values.endDate !== '' && values.endDate < values.startDate ? DATES_ORDER : undefined;
    case 'pointsWin':
    case 'pointsDraw':
    case 'pointsLoss':
    case 'pointsShootoutWin':
    case 'pointsShootoutLoss':
      return checkPoints(values[field]);
    case 'startDate':
    case 'countryId':
    case 'cityId':
    case 'logo':
      return undefined;
  }
}

export function initialCompetitionValues(competition: Competition | null, fixedFederationId?: number | null): CompetitionValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: text(competition?.name),
    nameUniversal: text(competition?.nameUniversal),
    shortName: text(competition?.shortName),
    description: text(competition?.description),
    season: text(competition?.season),
    federationId: fixedFederationId ?? competition?.federationId ?? null,
    categoryId: competition?.categoryId ?? null,
    competitionTypeId: competition?.competitionTypeId ?? null,
    startDate: text(competition?.startDate),
    endDate: text(competition?.endDate),
    countryId: competition?.countryId ?? null,
    cityId: competition?.cityId ?? null,
    venue: text(competition?.venue),
    address: text(competition?.address),
    phone: text(competition?.phone),
    web: text(competition?.web),
    email: text(competition?.email),
    facebook: text(competition?.facebook),
    twitter: text(competition?.twitter),
    instagram: text(competition?.instagram),
    youtube: text(competition?.youtube),
    // Spec 01 §9: the match log template language is en unless rs is chosen.
    matchLogTemplateLanguage: competition?.matchLogTemplateLanguage ?? 'en',
    isPro: competition?.isPro ?? false,
    isInternational: competition?.isInternational ?? false,
    gameLogPinConfirmationRequired: competition?.gameLogPinConfirmationRequired ?? false,
    logo: competition?.logo ?? null,
    // An edit starts from the competition's own points, so saving it keeps them.
    ...pointsValues(competition?.points ?? DEFAULT_POINTS),
  };
}

function pointsValues(points: PointsRule): Pick<CompetitionValues, PointsField> {
  return {
    pointsWin: String(points.win),
    pointsDraw: String(points.draw),
    pointsLoss: String(points.loss),
    pointsShootoutWin: String(points.shootoutWin),
    pointsShootoutLoss: String(points.shootoutLoss),
  };
}

/** The checked points as numbers. */
function toPoints(values: CompetitionValues): PointsRule {
  const number = (text: string) => Number(text.trim());
  return {
    win: number(values.pointsWin),
    draw: number(values.pointsDraw),
    loss: number(values.pointsLoss),
    shootoutWin: number(values.pointsShootoutWin),
    shootoutLoss: number(values.pointsShootoutLoss),
  };
}

/** The request body: every field, empty texts as null, and always the points (a PUT without them resets them). */
export function toCompetitionInput(values: CompetitionValues): CompetitionInput {
  return {
    name: values.name.trim(),
    nameUniversal: values.nameUniversal.trim(),
    shortName: optionalText(values.shortName),
    description: optionalText(values.description),
    season: optionalText(values.season),
    federationId: values.federationId,
    categoryId: values.categoryId,
    competitionTypeId: values.competitionTypeId,
    startDate: values.startDate || null,
    endDate: values.endDate || null,
    countryId: values.countryId,
    cityId: values.cityId,
    venue: optionalText(values.venue),
    address: optionalText(values.address),
    phone: optionalText(values.phone),
    web: optionalText(values.web),
    email: optionalText(values.email),
    facebook: optionalText(values.facebook),
    twitter: optionalText(values.twitter),
    instagram: optionalText(values.instagram),
    youtube: optionalText(values.youtube),
    matchLogTemplateLanguage: values.matchLogTemplateLanguage,
    isPro: values.isPro,
    isInternational: values.isInternational,
    gameLogPinConfirmationRequired: values.gameLogPinConfirmationRequired,
    logo: values.logo,
    points: toPoints(values),
  };
}

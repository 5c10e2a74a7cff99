/** The competition form's values and field rules (spec 01 §3 Competition, §5 Competition). */
import type { Schemas } from '@/api/types';
import type { Competition, PointsRule, TemplateLanguage } from '@/features/competitions/competitions-api';
import { COMMON_TEXT_RULES, checkText, TEXT_LIMIT } from '@/lib/text-rules';
import { isTextKey, textInputs, textValues } from '@/lib/text-values';

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

/** The rule as the standings state it above their tables (the same words as the CLI's). */
export function describePoints(points: PointsRule): string {
  return (
    `Points: ${points.win} for a win, ${points.draw} for a draw, ${points.loss} for a loss, ` +
    `${points.shootoutWin} for a shootout win, ${points.shootoutLoss} for a shootout loss.`
  );
}

/** A whole number from 0 to 10, as typed; anything else is refused. */
const checkPoints = (text: string) => {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) <= MAX_POINTS ? undefined : POINTS_RANGE;
};

/** The competition's texts, in the form's order. */
const TEXT_KEYS = [
  'name', 'nameUniversal', 'shortName', 'description', 'season', 'venue',
  'address', 'phone', 'web', 'email', 'facebook', 'twitter', 'instagram', 'youtube',
] as const;

export type CompetitionValues = Record<(typeof TEXT_KEYS)[number], string> & {
  federationId: number | null;
  categoryId: number | null;
  competitionTypeId: number | null;
  startDate: string;
  endDate: string;
  countryId: number | null;
  cityId: number | null;
  matchLogTemplateLanguage: TemplateLanguage;
  isPro: boolean;
  isInternational: boolean;
  gameLogPinConfirmationRequired: boolean;
  /** Followed without signing in on the public live pages. */
  isPublic: boolean;
  logo: string | null;
} & Record<PointsField, string>;

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
  if (isTextKey(TEXT_KEYS, field)) return checkText(values[field], COMPETITION_TEXT_RULES[field]);
  switch (field) {
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
  return {
    ...textValues(TEXT_KEYS, competition),
    federationId: fixedFederationId ?? competition?.federationId ?? null,
    categoryId: competition?.categoryId ?? null,
    competitionTypeId: competition?.competitionTypeId ?? null,
    startDate: competition?.startDate ?? '',
    endDate: competition?.endDate ?? '',
    countryId: competition?.countryId ?? null,
    cityId: competition?.cityId ?? null,
    // Spec 01 §9: the match log template language is en unless rs is chosen.
    matchLogTemplateLanguage: competition?.matchLogTemplateLanguage ?? 'en',
    isPro: competition?.isPro ?? false,
    isInternational: competition?.isInternational ?? false,
    gameLogPinConfirmationRequired: competition?.gameLogPinConfirmationRequired ?? false,
    isPublic: competition?.isPublic ?? true,
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
export function toCompetitionInput(values: CompetitionValues): Schemas['CompetitionInput'] {
  return {
    ...textInputs(TEXT_KEYS, values),
    name: values.name.trim(),
    nameUniversal: values.nameUniversal.trim(),
    federationId: values.federationId,
    categoryId: values.categoryId,
    competitionTypeId: values.competitionTypeId,
    startDate: values.startDate || null,
    endDate: values.endDate || null,
    countryId: values.countryId,
    cityId: values.cityId,
    matchLogTemplateLanguage: values.matchLogTemplateLanguage,
    isPro: values.isPro,
    isInternational: values.isInternational,
    gameLogPinConfirmationRequired: values.gameLogPinConfirmationRequired,
    isPublic: values.isPublic,
    logo: values.logo,
    points: toPoints(values),
  };
}

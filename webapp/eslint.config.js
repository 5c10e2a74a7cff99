import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * What each feature may import from other features (ARCHITECTURE.md, webapp row): the forms and
 * panels of the areas its pages embed. Everything else a feature needs from another comes
 * through `src/components`, `src/lib` or `src/state`.
 */
const EMBEDS = {
  clubs: ['coaches/coach-form', 'players/player-form', 'teams/team-form'],
  competitions: ['matches/match-form'],
  federations: ['clubs/club-form', 'competitions/competition-form', 'officials/official-form'],
  teams: ['coaches/coach-form', 'players/player-form', 'clubs/club-tabs'],
  // The scoresheet PDF's menu item and hook; its renderer, canvas and fonts stay inside `scoresheet`.
  'match-log': ['scoresheet/export-controls'],
  matches: ['scoresheet/export-controls'],
  // The public pages draw the report's shot maps and the competition's standings table.
  live: ['matches/report', 'competitions/standings-table'],
};

/** The match session that every screen of a match (log, live scoring, details, report) follows. */
const SHARED_FEATURES = ['match-session'];

const FEATURES = readdirSync(`${import.meta.dirname}/src/features`);

const featureBoundaries = FEATURES.map((area) => ({
  files: [`src/features/${area}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              '@/features/*/*',
              `!@/features/${area}/*`,
              ...(EMBEDS[area] ?? []).map((path) => `!@/features/${path}`),
              ...SHARED_FEATURES.filter((shared) => shared !== area).map((shared) => `!@/features/${shared}/*`),
            ],
            message:
              'A feature imports another feature only for the forms and panels it embeds (ARCHITECTURE.md); move shared code to src/components or src/lib.',
          },
          { group: ['../*'], message: "Import other folders through '@/'." },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'test-results', 'src/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  ...featureBoundaries,
  {
    files: ['src/components/**', 'src/lib/**', 'src/state/**', 'src/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '@/app/**', '../*'],
              message: 'Shared code imports neither features nor the app shell (ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
);

import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder of the server but the messages' own.
const FOLLOWED_BY_MESSAGES = readdirSync(new URL('./src/server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['messages', 'test'].includes(entry.name))
  .map((entry) => `./src/server/${entry.name}`);

const FEATURES = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The direction of imports, which is the architecture: src/domain (pure rules, zod and date-fns only)
 * is imported by everyone and imports no one; the server and the client never import each other (but
 * for the page registry, which is data both read); in
 * the client, pages compose features, a feature uses another only through its index.ts (its public
 * API), and components/ and lib/ know no feature or page.
 */
const architectureZones = [
  { target: './src/domain', from: ['./src/client', './src/server', './src/content'] },
  { target: './src/client', from: './src/server' },
  // The page registry, the page data element and the page loader are the contract between the client's
  // build and the server (which route answers with which built file; how a server-rendered page gets its
  // data; which inline script the CSP allows by its hash): no components, so the server may read them.
  {
    target: './src/server',
    from: './src/client',
    except: ['./pages/registry.ts', './pages/page-data.ts', './pages/page-loader.ts'],
  },
  // The server's floors, as far as they are built: http → operations → store → domain, and the messages
  // follow events; an operation answers no HTTP and writes no message, the store knows neither.
  {
    target: './src/server/operations',
    from: './src/server',
    except: ['./operations', './store', './db'],
    message:
      'An operation speaks the domain through the store: write an event, not a message, and throw a DomainError.',
  },
  {
    target: './src/server/store',
    from: './src/server',
    except: ['./store', './db'],
    message:
      'The store reads and writes rows (src/server/db) and answers in domain types; it knows no resource.',
  },
  {
    target: ['./src/client/components', './src/client/lib'],
    from: ['./src/client/features', './src/client/pages'],
  },
  { target: './src/client/features', from: './src/client/pages' },
  ...FEATURES.map((feature) => ({
    target: `./src/client/features/!(${feature})/**/*`,
    from: `./src/client/features/${feature}`,
    except: ['./index.ts'],
    message: `Import the ${feature} feature through its index.ts.`,
  })),
];

// Tests of a flow may look at its messages; the code of a flow does not call them.
const messagesFollowEvents = {
  target: FOLLOWED_BY_MESSAGES,
  from: './src/server/messages',
  message:
    'The messages follow events: append one (src/server/store/events.ts) for the subscriber, do not call into messages.',
};

// Names of amounts in major units (JSON numbers, floats): `base_price`, `night.price`, `tax.amount`, `basePrice`.
const MONEY_NAME =
  '/^(?:\\w+_)?(?:price|amount|subtotal|fee|revenue)s?$|^[a-z]\\w*(?:Price|Amount|Subtotal|Fee|Revenue)s?$/';
const MONEY_MESSAGE =
  'Do money arithmetic in minor units with src/domain/money.ts (toMinor, addMoney, sumMoney, scaleMinor…), not on float amounts.';

// `as never` fits any type, so it silences the checker instead of stating what a value is.
const NO_AS_NEVER = {
  selector: 'TSAsExpression > TSNeverKeyword.typeAnnotation',
  message: 'No `as never`: give the value its real type.',
};

// Arithmetic on a float amount, and `Math.round(x * 100)`; with NO_AS_NEVER, as each block that lists
// no-restricted-syntax must repeat them (a later block's list replaces an earlier one's).
const MONEY_SYNTAX = [
  ...['left', 'right'].flatMap((side) =>
    [`MemberExpression.${side}[property.name=${MONEY_NAME}]`, `Identifier.${side}[name=${MONEY_NAME}]`].map(
      (operand) => ({
        selector: `:matches(BinaryExpression[operator=/^[-+*\\/%]$/], AssignmentExpression[operator=/^[-+*\\/%]=$/]) > ${operand}`,
        message: MONEY_MESSAGE,
      }),
    ),
  ),
  NO_AS_NEVER,
  {
    selector:
      "CallExpression[callee.object.name='Math'][callee.property.name='round'] > BinaryExpression[operator='*'] > Literal[value=100]",
    message: MONEY_MESSAGE,
  },
];

// The functions of money.ts that turn a major-unit number into minor units or back.
const MAJOR_UNIT_CONVERSIONS = ['toMajor', 'toMinor', 'toMinorUnits', 'moneyFromMajor', 'formatMajorAmount'];

// Files that still convert amounts themselves, until their resources hold minor units: this list only shrinks.
const STILL_CONVERTING = [
  'src/domain/audit-words.ts',
  'src/domain/booking.ts',
  'src/domain/invoice.ts',
  'src/domain/payment.ts',
  'src/domain/pricing.ts',
  'src/domain/quote-charge.ts',
  'src/server/booking-requests/routes.ts',
  'src/server/dashboard/queries.ts',
  'src/server/db/seed.ts',
  'src/server/messages/booking-facts.ts',
  'src/server/messages/render-message.tsx',
  'src/server/operations/add-booking.ts',
  'src/server/operations/change-booking.ts',
  'src/server/operations/mark-booking-paid.ts',
  'src/server/operations/quote-stay.ts',
  'src/server/operations/request-booking.ts',
  'src/server/store/bookings.ts',
  'src/server/store/channel-stays.ts',
  'src/server/store/request-links.ts',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'drizzle/**', 'shots/**', 'bench/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment in src/server/env.ts only.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: architectureZones }],
    },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/server/test/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...architectureZones, messagesFollowEvents] }],
    },
  },
  {
    // Domain rules are pure: they run in the browser and on the server alike.
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|date-fns($|/)|\\./)',
              message: 'src/domain imports only zod, date-fns and its own modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // The endpoints' contracts sit in a folder of the domain and read its schemas one level up.
    files: ['src/domain/contracts/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\./|\\.\\./(?!\\.\\./))',
              message: 'An endpoint contract imports only zod and the domain modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // The client calls an endpoint by its route; a contract's module brings zod and its schemas into the
    // page. Its types are free, and api-client.ts loads the contracts lazily to check answers in development.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/client/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/domain/contracts/(?!routes$)',
              allowTypeImports: true,
              message:
                'Call an endpoint by its route (@/domain/contracts/routes); import a contract for its types only.',
            },
          ],
        },
      ],
    },
  },
  {
    // No `as never` (see NO_AS_NEVER); the money rule below repeats it, as a later block's list replaces this one.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'scripts/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs}'],
    rules: {
      'no-restricted-syntax': ['error', NO_AS_NEVER],
    },
  },
  {
    // Amounts are added in whole minor units through src/domain/money.ts, never as floats: arithmetic on a
    // value named like an amount (price, base_price, amount, subtotal, fee, revenue, basePrice…) fails here.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/money.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...MONEY_SYNTAX] },
  },
  {
    // The server and the domain hold amounts in minor units; the contracts' codec (wire-amount.ts) is the
    // one place that turns them into the API's major-unit numbers and back. The client speaks JSON and is free.
    files: ['src/server/**/*.{ts,tsx}', 'src/domain/**/*.ts'],
    ignores: [
      'src/domain/money.ts',
      'src/domain/wire-amount.ts',
      '**/*.test.{ts,tsx}',
      'src/server/test/**',
      ...STILL_CONVERTING,
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...MONEY_SYNTAX,
        {
          selector: `ImportSpecifier[imported.name=/^(?:${MAJOR_UNIT_CONVERSIONS.join('|')})$/]`,
          message:
            'Hold amounts in minor units (MinorUnits, Money); a contract field that is an amount is AmountSchema or wireAmount(…), which converts at the edge.',
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Scripts, benchmarks, test harnesses and the env module itself may read the environment.
    files: [
      'scripts/**',
      'bench/**',
      'tests/**',
      '**/*.test.ts',
      'src/server/test/**',
      'src/server/env.ts',
      '*.config.{js,ts}',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Tests wait for what they expect (waitUntil from src/test/wait-until.ts, Playwright's locators and
    // expect.poll), never for a fixed time: too short on a busy machine, too long everywhere else.
    files: ['**/*.test.{ts,tsx}', '**/*.e2e.ts', 'tests/**/*.ts'],
    ignores: ['src/test/wait-until.ts', 'tests/e2e/support/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'Wait for a condition with waitUntil (src/test/wait-until.ts).' },
        { name: 'setInterval', message: 'Wait for a condition with waitUntil (src/test/wait-until.ts).' },
      ],
      'no-restricted-properties': [
        'error',
        { property: 'waitForTimeout', message: 'Wait for a locator or use expect.poll, not for a time.' },
        {
          object: 'globalThis',
          property: 'setTimeout',
          message: 'Wait with waitUntil (src/test/wait-until.ts).',
        },
        {
          object: 'window',
          property: 'setTimeout',
          message: 'Wait with waitUntil (src/test/wait-until.ts).',
        },
      ],
      'no-restricted-imports': [
        'error',
        { name: 'node:timers/promises', message: 'Wait with waitUntil (src/test/wait-until.ts).' },
      ],
    },
  },
);

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDatabaseRules, RULES_DIGEST, RULES_FILES, RULES_FOLDER } from './rules';

describe('the database rules files', () => {
  it('are exactly the files listed, in order: a file added to the folder is listed or it fails here', () => {
    const entries = readdirSync(RULES_FOLDER, { recursive: true, encoding: 'utf8' }).sort();
    expect(entries).toEqual([...RULES_FILES].sort());
    expect(RULES_FILES).toEqual([...RULES_FILES].sort());
  });

  it('are all in the rules applied', () => {
    const { sql } = readDatabaseRules();
    for (const name of RULES_FILES) expect(sql).toContain(readFileSync(join(RULES_FOLDER, name), 'utf8'));
  });

  it('have the digest RULES_DIGEST states: a change to a rule raises RULES_REVISION and updates it', () => {
    const { version } = readDatabaseRules();
    expect(
      version.digest,
      `The rules changed: raise RULES_REVISION in src/server/db/rules.ts and set RULES_DIGEST to '${version.digest}'`,
    ).toBe(RULES_DIGEST);
  });
});

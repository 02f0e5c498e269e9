import type { Executor } from '../db/client';
import { sql } from 'drizzle-orm';

type Row = Record<string, unknown>;

/**
 * What the database rules govern, as the catalogue has it, in a stable order: the application's functions
 * (definition, settings, who may call them), row-level security and grants of every table and column,
 * policies and triggers. Extensions' own functions and the rules' version are left out.
 */
export async function readRulesCatalogue(db: Executor): Promise<Record<string, Row[]>> {
  const read = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  return {
    functions: await read(sql`
      select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as definition,
        p.prosecdef as security_definer, p.proconfig as settings,
        (select array_agg(format('%s:%s', coalesce(r.rolname, 'PUBLIC'), a.privilege_type) order by 1)
          from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
          left join pg_roles r on r.oid = a.grantee) as privileges
      from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and p.proname <> 'database_rules_version'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by 1`),
    tables: await read(sql`
      select c.relname as name, c.relrowsecurity as row_security, c.relforcerowsecurity as forced,
        (select array_agg(format('%s:%s', coalesce(r.rolname, 'PUBLIC'), a.privilege_type) order by 1)
          from aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a
          left join pg_roles r on r.oid = a.grantee) as privileges
      from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
      order by 1`),
    columns: await read(sql`
      select format('%s.%s', c.relname, t.attname) as name,
        (select array_agg(format('%s:%s', coalesce(r.rolname, 'PUBLIC'), a.privilege_type) order by 1)
          from aclexplode(t.attacl) a left join pg_roles r on r.oid = a.grantee) as privileges
      from pg_attribute t join pg_class c on c.oid = t.attrelid
      where c.relnamespace = 'public'::regnamespace and t.attacl is not null
      order by 1`),
    policies: await read(sql`
      select tablename, policyname, permissive, roles::text as roles, cmd, qual, with_check
      from pg_policies where schemaname = 'public' order by 1, 2`),
    triggers: await read(sql`
      select c.relname as table_name, t.tgname as name, pg_get_triggerdef(t.oid) as definition,
        t.tgenabled as enabled
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
      order by 1, 2`),
    schema: await read(sql`
      select (select array_agg(format('%s:%s', coalesce(r.rolname, 'PUBLIC'), a.privilege_type) order by 1)
        from aclexplode(n.nspacl) a left join pg_roles r on r.oid = a.grantee) as privileges
      from pg_namespace n where n.nspname = 'public'`),
  };
}

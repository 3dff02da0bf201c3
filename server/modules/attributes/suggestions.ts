import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { AttributeSuggestion } from '../../../shared/calls/attributes.js';
import { AttributeDataType } from '../../../shared/enums.js';
import type { Db } from '../../db/client.js';
import { attributes, attributeValues } from '../../db/schema/index.js';

/**
 * Where address and company suggestions come from (spec 3 §7.5: a third-party address service the
 * spec does not name). Another service plugs in as another provider chosen by ATTRIBUTE_SUGGESTIONS.
 */
export interface SuggestionProvider {
  address(query: string, ctx: SuggestionContext): Promise<AttributeSuggestion[]>;
  company(query: string, ctx: SuggestionContext): Promise<AttributeSuggestion[]>;
}
export interface SuggestionContext {
  accountId: number;
  language: 'ru' | 'en';
}

const LIMIT = 10;
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The built-in provider: what was already entered. Companies (name, address, INN, KPP: public
 * registry data) from everyone's company answers; addresses from those companies and from the
 * asker's own address answers only — another person's home address is not offered to anyone.
 */
export function builtinSuggestions(db: Db): SuggestionProvider {
  const companyRows = (q: string) =>
    db
      .selectDistinct({ json: attributeValues.valueJson })
      .from(attributeValues)
      .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
      .where(and(eq(attributes.type, AttributeDataType.company), isNotNull(attributeValues.valueJson), sql`${attributeValues.valueJson}->>'companyName' ilike ${like(q)}`))
      .limit(LIMIT);
  return {
    async company(q) {
      const rows = await companyRows(q);
      return rows.map(({ json }) => {
        const c = (json ?? {}) as Record<string, string>;
        return { value: String(c.companyName ?? ''), address: c.addressName || undefined, inn: c.inn || undefined, kpp: c.kpp || undefined };
      });
    },
    async address(q, ctx) {
      const rows = await db
        .selectDistinct({ value: sql<string>`${attributeValues.valueJson}->>'addressName'` })
        .from(attributeValues)
        .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
        .where(
          and(
            sql`${attributeValues.valueJson}->>'addressName' ilike ${like(q)}`,
            or(eq(attributes.type, AttributeDataType.company), and(eq(attributes.type, AttributeDataType.address), eq(attributeValues.accountId, ctx.accountId))),
          ),
        )
        .limit(LIMIT);
      return rows.filter((r) => r.value).map((r) => ({ value: r.value }));
    },
  };
}

/** Suggestions switched off: nothing is offered, the fields stay free text. */
export const noSuggestions: SuggestionProvider = { address: async () => [], company: async () => [] };

import { SEARCH_GROUP_LIMIT } from '@pharm/validators';
import { sql } from 'kysely';
import type { SearchGroup } from '../../lib/search.js';

/** Recalls by number (recalls_number_prefix_idx) or by a recalled lot's number. */
export const recallSearch: SearchGroup = {
  key: 'recalls',
  permission: 'recalls.read',
  find: (db, { pattern }) =>
    db
      .selectFrom('recalls as r')
      .select([
        'r.id',
        'r.recallNumber as number',
        'r.class',
        'r.closedOn',
        sql<string>`(select string_agg(l.lot_number, ', ' order by l.lot_number)
          from recall_lots rl join lots l on l.id = rl.lot_id where rl.recall_id = r.id)`.as(
          'lotNumbers',
        ),
      ])
      .where((eb) =>
        eb.or([
          eb(sql`lower(r.recall_number)`, 'like', sql<string>`lower(${pattern})`),
          eb.exists(
            eb
              .selectFrom('recallLots as rl')
              .innerJoin('lots as l', 'l.id', 'rl.lotId')
              .select('rl.lotId')
              .whereRef('rl.recallId', '=', 'r.id')
              .where(sql`lower(l.lot_number)`, 'like', sql<string>`lower(${pattern})`),
          ),
        ]),
      )
      .orderBy('r.id', 'desc')
      .limit(SEARCH_GROUP_LIMIT)
      .execute(),
};

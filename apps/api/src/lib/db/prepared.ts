import type { Db } from '@pharm/db';
import type { Compilable, CompiledQuery } from 'kysely';

/**
 * A query that Kysely builds and compiles once per shape, then runs with new values. Kysely
 * builds, snake-cases and compiles a query anew on every call; for a list request that was more
 * CPU than turning its 50 rows into JSON (bench/README.md, http.ts --profile /api/pharmacies).
 *
 * The shape is which values are set (not undefined, null or false). `build` gets `undefined` for
 * a value that is not set, `true` for a flag that is, and for any other value a stand-in that it
 * passes wherever Kysely takes a value. Each shape is compiled the first time it is asked for;
 * each call then only swaps its values in for the stand-ins among the statement's parameters.
 */
export class PreparedQuery<Values extends Record<string, unknown>, Row> {
  readonly #compiled = new WeakMap<Db, Map<string, Filler<Values, Row>>>();

  constructor(private readonly build: (db: Db, values: Values) => Compilable<Row>) {}

  async execute(db: Db, values: Values): Promise<Row[]> {
    const set = (Object.keys(values) as (keyof Values & string)[]).filter(
      (name) => values[name] !== undefined && values[name] !== null && values[name] !== false,
    );
    const shape = set.join(',');
    let shapes = this.#compiled.get(db);
    if (!shapes) this.#compiled.set(db, (shapes = new Map()));
    let fill = shapes.get(shape);
    if (!fill) shapes.set(shape, (fill = this.#compile(db, set, values)));
    const result = await db.executeQuery(fill(values));
    return result.rows;
  }

  #compile(db: Db, set: (keyof Values & string)[], values: Values): Filler<Values, Row> {
    // Objects of their own: the compiled parameters hold these very objects where they went.
    const standIns = new Map<unknown, keyof Values>(
      set.filter((name) => values[name] !== true).map((name) => [{ name }, name]),
    );
    const args: Record<string, unknown> = Object.fromEntries(set.map((name) => [name, true]));
    for (const [standIn, name] of standIns) args[name as string] = standIn;
    const compiled = this.build(db, args as Values).compile();
    const used = new Set(compiled.parameters.filter((p) => standIns.has(p)));
    if (used.size !== standIns.size) {
      throw new Error('PreparedQuery: a value given to build() is not a parameter of its query');
    }
    return (current) => ({
      ...compiled,
      parameters: compiled.parameters.map((p) => {
        const name = standIns.get(p);
        return name === undefined ? p : current[name];
      }),
    });
  }
}

type Filler<Values, Row> = (values: Values) => CompiledQuery<Row>;

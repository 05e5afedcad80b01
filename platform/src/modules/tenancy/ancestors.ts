/**
 * The ids of an organisation or site and of every one above it, read from its materialized path
 * (`/1/4/7/` → {1, 4, 7}): joined by primary key (`o.id = ANY (…)`), the lookup costs one index
 * probe per level, where `path LIKE o.path || '%'` read every organisation or site of the platform.
 */
export function ancestorIdsSql(pathExpression: string): string {
  return `string_to_array(trim(BOTH '/' FROM ${pathExpression}), '/')::bigint[]`;
}

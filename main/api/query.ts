// Filters to a query string as the spec writes them: id lists comma-separated, booleans as
// true/false, absent filters left out (an empty string would be a filter for "").
type FilterValue = string | number | boolean | readonly number[] | null | undefined;

export function withQuery(path: string, filters: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters ?? {}) as Array<[string, FilterValue]>) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

import { CliError } from './exit-codes.ts';
import { idIn } from './context.ts';
import type { ApiClient } from './http/client.ts';
import { operations } from './http/operations.ts';

/** `--project` takes an id, or a project's name: looked up among the projects the caller may see, ignoring case. */
export async function projectIdOf(client: ApiClient, reference: string): Promise<number> {
  const id = idIn(reference);
  if (id !== undefined) return id;
  const name = reference.trim();
  const page = await client.call(operations.projects, { query: { name, page_size: 1000 } });
  const named = page.results.filter((project) => project.name.toLowerCase() === name.toLowerCase());
  const exact = named.filter((project) => project.name === name);
  const chosen = exact.length === 1 ? exact : named;
  if (chosen.length === 1) return chosen[0]!.id;
  if (chosen.length === 0) throw new CliError(`no project named "${name}" that you can see: give its id, or check the name`);
  throw new CliError(`${chosen.length} projects are named "${name}" (${chosen.map((project) => project.id).join(', ')}): give the id`);
}

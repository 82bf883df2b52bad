import type { LabelCreateBody } from '@testament/contracts';
import { catalogueApi } from '../project-catalogue/catalogue-api.ts';

/** The Label object of §3.9; labels are put on cases, and tests and results inherit them. */
export interface Label {
  id: number;
  name: string;
  /** The creator's username. */
  username: string | null;
  project: number;
  color: string | null;
}

export const labelApi = catalogueApi<Label, LabelCreateBody>('labels');

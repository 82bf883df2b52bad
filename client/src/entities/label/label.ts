import { labelRoutes } from '@testament/contracts';
import { catalogueApi } from '../catalogue/catalogue-api.ts';

export type { Label } from '@testament/contracts';

export const labelApi = catalogueApi(labelRoutes);

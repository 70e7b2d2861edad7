// Open roles at the restaurants of a city, for the city jobs page (docs/api.md, "Careers").
import { http } from '@henhouse/kit/api/client';

/** cityJobs: the city named by its path slug ("fort-wayne"), its restaurants and their
 *  openings; 404 `city_not_found` when it has no restaurant. */
export const cityJobs = (city: string, signal?: AbortSignal) =>
  http.get('/careers/cities/{city}/jobs', { params: { path: { city } }, signal });

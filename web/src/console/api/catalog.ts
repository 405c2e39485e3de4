// The catalogue as operators see it (inactive entries too) and the admins' edits.

import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Category } from '@/gen/booking/v1/catalog_pb';
import { PhotoShape, type CatalogPlan, type PlanSeasonSchema, type UpdatePlanRequestSchema } from '@/gen/booking/v1/operator_pb';
import { useRpc } from '@/lib/api/hooks';
import { callRpc } from '@/lib/api/rpc';
import { calls, changed } from './shared';

export type { CatalogPlan };
export { PhotoShape };

export function useCatalogue() {
  return useRpc(calls.listCatalog, {});
}

/** Each category's seasons. */
export function useCategorySeasons() {
  return useRpc(calls.listCategorySeasons, {}, { select: (r) => r.categories });
}

export const catalogActions = {
  exportCatalog: async () => (await callRpc(calls.exportCatalog, {})).catalogToml,
  importCatalog: (catalogToml: string) => changed(callRpc(calls.importCatalog, { catalogToml })),
  updatePlan: (edit: MessageInitShape<typeof UpdatePlanRequestSchema>) => changed(callRpc(calls.updatePlan, edit)),
  setCategorySeasons: (category: Category, seasons: MessageInitShape<typeof PlanSeasonSchema>[]) => changed(callRpc(calls.setCategorySeasons, { category, seasons })),
  setTherapistActive: (therapistId: string, active: boolean) => changed(callRpc(calls.setTherapistActive, { therapistId, active })),
  updateTherapist: (
    therapistId: string,
    change: {
      /** Codes from the catalogue's `spokenLanguages`. */
      languages: string[];
      hours: { days: string[]; from: string; until: string }[];
      photos: string[];
      /** Her name, skills and bio in `language` (zh-TW's are her own; empty words elsewhere are
       * "not translated"). */
      name: string;
      skills: string[];
      bio: string;
      language: string;
    },
  ) => changed(callRpc(calls.updateTherapist, { therapistId, ...change, photos: { urls: change.photos } })),
  /** Keeps a photo; its address goes into a plan's images or a therapist's photo when saved. */
  uploadPhoto: async (file: File, shape: PhotoShape) =>
    (await callRpc(calls.uploadCatalogPhoto, { data: new Uint8Array(await file.arrayBuffer()), shape })).url,
};

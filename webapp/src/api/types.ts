import type { components } from '@/api/schema';

/** Shorthand for the generated OpenAPI schema types, e.g. `Schemas['City']`. */
export type Schemas = components['schemas'];

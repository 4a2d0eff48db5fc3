/** Runs once before all vitest files: builds the migrated template database they clone. */
import { prepareTemplate } from '@fso/db/testing';

export default async function setup() {
  await prepareTemplate();
}

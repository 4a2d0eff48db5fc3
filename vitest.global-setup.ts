/**
 * Runs once before all vitest files: builds the migrated template database they clone, on the
 * server at TEST_DATABASE_URL or on an embedded PostgreSQL server started for the run (and
 * stopped after it).
 */
import { prepareTemplate } from '@fso/db/testing';

export default async function setup() {
  return prepareTemplate();
}

import type { FirmwareModelOption } from '@phonefleet/sdk';
import { useEffect, useState } from 'react';
import { fetchFirmwareModels } from './api.js';

/** The models a firmware can be for, for the model filter and the form (empty while loading or refused). */
export function useFirmwareModels(): FirmwareModelOption[] {
  const [models, setModels] = useState<FirmwareModelOption[]>([]);
  useEffect(() => {
    let current = true;
    fetchFirmwareModels().then(
      (found) => current && setModels(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return models;
}

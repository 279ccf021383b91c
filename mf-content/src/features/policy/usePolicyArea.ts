import { useSearchParams } from 'react-router';
import type { PolicyAreaId } from '@party/shared-contracts';
import { policyAreaFromParam } from './policy-areas';

/** The selected policy area lives in `?area=` so that a link can open it. */
export function usePolicyArea() {
  const [searchParams, setSearchParams] = useSearchParams();
  const area = policyAreaFromParam(searchParams.get('area'));

  const selectArea = (id: PolicyAreaId) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('area', id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return { area, selectArea };
}

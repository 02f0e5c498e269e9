import { GST_STATE_CODES, GST_STATES } from '@/domain/gstin';

/** The options of a select of GST states, code and name, after one for no state. */
export function GstStateOptions({ none }: { none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {GST_STATE_CODES.map((code) => (
        <option key={code} value={code}>
          {code} · {GST_STATES[code]}
        </option>
      ))}
    </>
  );
}

import { useTranslate } from 'react-admin';
import { LinkedRecordField } from '../../kit/LinkedRecordField';
import { staffs } from '../../domain/resources';
import type { AuditLog } from './types';

/** Who did it, linking to their page when the viewer may see staff. */
export function AuditStaffField(_props: { label?: string; source?: string }) {
  const translate = useTranslate();
  return (
    <LinkedRecordField<AuditLog>
      source="staffId"
      reference={staffs.path}
      text={(log) => log.staffName ?? translate('app.access.audit.unknownStaff')}
    />
  );
}

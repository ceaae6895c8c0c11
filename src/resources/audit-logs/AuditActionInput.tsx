import { SelectInput, useTranslate, type SelectInputProps } from 'react-admin';
import { useQueryModule } from '../../dataProviders/useQueryModule';
import { enumChoices, enumLabelKey } from '../../kit/enumChoices';
import { humanize } from '../../kit/format';
import { QUERIES } from '../../dataProviders/calls';

/**
 * The audit log's action filter: every action the log can hold, as the server lists them
 * (`GET /api/user/audit-logs/actions`: create, update, delete, then the engine's actions such as
 * block, assign or approve-document), labelled like the chips. Until the list arrives, or if it
 * fails, the plain writes are offered.
 */
export function AuditActionInput(props: Omit<SelectInputProps, 'choices'>) {
  const translate = useTranslate();
  const { data } = useQueryModule(QUERIES['audit-logs'].actions, {});
  const choices = data
    ? data.map((action) => ({
        id: action,
        name: translate(enumLabelKey('auditAction', action), { _: humanize(action) }),
      }))
    : enumChoices('auditAction');
  return <SelectInput {...props} choices={choices} translateChoice={!data} />;
}

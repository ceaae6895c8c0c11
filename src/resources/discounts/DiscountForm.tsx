import { EditorForm } from '../../kit/EditorForm';
import { Box, InputAdornment } from '@mui/material';
import { BooleanInput, NumberInput, SelectInput, TextInput, type SimpleFormProps } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CITY } from '../../domain/city';
import { discountRuleFrom } from '../../domain/farePreview';
import { discounts } from '../../domain/resources';
import { yupResolver } from '../../forms/yupResolver';
import { CityDateTimeInput } from '../../kit/CityDateTimeInput';
import { FieldRow } from '../../kit/DetailBlocks';
import { enumChoices } from '../../kit/enumChoices';
import { MoneyInput } from '../../kit/MoneyInput';
import { DiscountPreview } from './DiscountPreview';

/** The trip service's own rules (src/domain/resources/discounts.ts); the form sends every field, as a create does. */
const resolver = yupResolver(discounts.create!);

const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/** The value in percent or in the currency, as the kind says; the cap only for a percentage. */
function ValueInputs() {
  const kind = useWatch({ name: 'kind' }) as string | undefined;
  const percent = kind === 'percent';
  return (
    <>
      <FieldRow>
        <SelectInput source="kind" choices={enumChoices('discountKind')} isRequired />
        <NumberInput
          source="value"
          isRequired
          min={percent ? 1 : 0}
          max={percent ? 100 : undefined}
          helperText={percent ? 'app.discounts.valueHintPercent' : 'app.discounts.valueHintFixed'}
          slotProps={{
            input: percent
              ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
              : { startAdornment: <InputAdornment position="start">{CITY.currency}</InputAdornment> },
          }}
        />
      </FieldRow>
      <FieldRow>
        {percent ? <MoneyInput source="maxDiscount" helperText="app.discounts.maxHint" /> : <span />}
        <MoneyInput source="minFare" helperText="app.discounts.minFareHint" />
      </FieldRow>
    </>
  );
}

function LivePreview() {
  const values = useWatch();
  return <DiscountPreview rule={discountRuleFrom(values)} />;
}

/** The discount form (create and edit), with the discount applied to the sample trips beside it. */
export function DiscountForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <EditorForm resolver={resolver} reValidateMode="onChange" noValidate {...props}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          width: '100%',
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 440px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <FieldRow>
            <TextInput
              source="code"
              isRequired
              parse={upperCase}
              helperText="app.discounts.codeHint"
              slotProps={{ htmlInput: { style: { textTransform: 'uppercase', fontFamily: 'monospace' } } }}
            />
            <TextInput source="name" isRequired />
          </FieldRow>
          <ValueInputs />
          <FieldRow>
            <CityDateTimeInput source="validFrom" />
            <CityDateTimeInput source="validTo" />
          </FieldRow>
          <FieldRow>
            <NumberInput source="usageLimit" min={1} step={1} helperText="app.discounts.limitHint" />
            <NumberInput source="perPassengerLimit" min={1} step={1} helperText="app.discounts.limitHint" />
          </FieldRow>
          <BooleanInput source="active" />
        </Box>
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 80 }, minWidth: 0 }}>
          <LivePreview />
        </Box>
      </Box>
    </EditorForm>
  );
}

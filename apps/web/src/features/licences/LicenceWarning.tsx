import { Field } from '@chakra-ui/react';
import { LuShieldAlert } from 'react-icons/lu';

/** Under the order form's pharmacy picker: why sending may be refused, or a licence expiring soon. */
export function LicenceWarning({
  warning,
}: {
  warning: { message: string; overridable: boolean };
}) {
  return (
    <Field.HelperText
      color={warning.overridable ? 'red.600' : 'orange.600'}
      data-testid="order-pharmacy-licence"
      display="flex"
      gap="1.5"
      alignItems="center"
    >
      <LuShieldAlert aria-hidden />
      {warning.message}
    </Field.HelperText>
  );
}

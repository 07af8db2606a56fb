import { NativeSelect } from '@chakra-ui/react';
import { ROLE_LABELS, ROLES, roleRank, type Role } from '@pharm/validators/roles';

/** A role to pick, from the least trusted up; `highest` leaves out the roles above it. */
export function RoleSelect({
  highest = 'admin',
  size = 'md',
  disabled,
  ...props
}: NativeSelect.FieldProps & { highest?: Role; size?: 'sm' | 'md'; disabled?: boolean }) {
  return (
    <NativeSelect.Root size={size} disabled={disabled}>
      <NativeSelect.Field {...props}>
        {ROLES.filter((role) => roleRank(role) <= roleRank(highest)).map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

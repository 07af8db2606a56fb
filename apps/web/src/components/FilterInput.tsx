import { CloseButton, Input, InputGroup, Spinner, type InputGroupProps } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';

/**
 * The text filter above a list: a search icon, and at the end a spinner while the list
 * refetches for the filter, else a clear button once there is text.
 */
export function FilterInput({
  label,
  placeholder,
  text,
  onTextChange,
  filtering,
  maxW,
}: {
  /** The input's aria-label. */
  label: string;
  placeholder: string;
  text: string;
  onTextChange: (text: string) => void;
  filtering: boolean;
  maxW: InputGroupProps['maxW'];
}) {
  return (
    <InputGroup
      maxW={maxW}
      startElement={<LuSearch />}
      endElement={
        filtering ? (
          <Spinner size="xs" color="fg.muted" />
        ) : text ? (
          <CloseButton
            size="xs"
            aria-label="Clear filter"
            onClick={() => onTextChange('')}
            me="-2"
          />
        ) : undefined
      }
    >
      <Input
        name="q"
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        bg="bg.panel"
        autoComplete="off"
      />
    </InputGroup>
  );
}

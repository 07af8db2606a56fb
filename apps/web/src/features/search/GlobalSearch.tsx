import { useEffect, useRef } from 'react';
import { Input, InputGroup, Kbd } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The top bar's global search. For now only the input ('/' focuses it); the search issue adds
 * the results panel (400 px wide, ≥ 2 characters, grouped results).
 */
export function GlobalSearch() {
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      inputRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <InputGroup
      w="full"
      maxW="md"
      startElement={<LuSearch />}
      endElement={
        <Kbd size="sm" display={{ base: 'none', lg: 'inline-flex' }} variant="outline">
          /
        </Kbd>
      }
    >
      <Input
        ref={inputRef}
        type="search"
        name="search"
        aria-label="Search"
        placeholder="Search orders, invoices, pharmacies..."
        autoComplete="off"
        bg="bg.muted"
        borderColor="transparent"
        _hover={{ borderColor: 'border' }}
        _focus={{ bg: 'bg.panel' }}
        rounded="lg"
      />
    </InputGroup>
  );
}

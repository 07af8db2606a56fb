import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Input, InputGroup, Kbd, Spinner, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { LuSearch } from 'react-icons/lu';
import { SEARCH_MIN_LENGTH } from '@pharm/validators/categories';
import { trpc } from '../../lib/trpc';
import { searchOptions, type SearchOption } from './options';

/**
 * How long typing must pause before a search is sent: results are due 150 ms after the last key
 * (issue 25), and 250 ms used more than all of it. A quick typist's keys come 100–200 ms apart,
 * so most keys still send a search; a paste or a key held down sends one.
 */
const DEBOUNCE_MS = 60;
const PANEL_WIDTH = '400px';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The top bar's global search (spec §2): from 2 characters, a 400 px panel of results grouped as
 * Orders, Invoices, Pharmacies and Products; a result opens its record's page and clears the
 * search. A combobox: arrow keys move through the results, Enter opens one, Escape closes the
 * panel; '/' or Ctrl+K (⌘K) focuses the box.
 */
export function GlobalSearch() {
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const listboxId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const term = text.trim();
  const searchable = term.length >= SEARCH_MIN_LENGTH;
  const debounced = useDebounced(term, DEBOUNCE_MS);
  const results = trpc.search.find.useQuery(
    { q: debounced },
    { enabled: searchable && debounced.length >= SEARCH_MIN_LENGTH },
  );
  // Until the results of what is typed now are in, the panel says so rather than show older ones.
  const current = searchable && debounced === term && results.data && !results.isFetching;
  const options = useMemo(
    () => (current && results.data ? searchOptions(results.data) : []),
    [current, results.data],
  );
  const panelOpen = open && searchable;

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const slash = event.key === '/' && !event.metaKey && !event.ctrlKey && !event.altKey;
      const commandK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey);
      if (!slash && !commandK) return;
      if (slash && isTyping(event.target)) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (!panelOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [panelOpen]);

  const choose = (option: SearchOption) => {
    setText('');
    setOpen(false);
    inputRef.current?.blur();
    void navigate(option.link);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (panelOpen) {
        event.preventDefault();
        setOpen(false);
      }
      return;
    }
    if (!panelOpen || !options.length) {
      if (event.key === 'ArrowDown' && searchable) setOpen(true);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const last = options.length - 1;
      setActive((index) =>
        event.key === 'ArrowDown' ? (index >= last ? 0 : index + 1) : index <= 0 ? last : index - 1,
      );
      return;
    }
    if (event.key === 'Enter') {
      const option = options[active] ?? (options.length === 1 ? options[0] : undefined);
      if (option) {
        event.preventDefault();
        choose(option);
      }
    }
  };

  const activeOption = options[active];
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  return (
    <Box ref={rootRef} position="relative" w="full" maxW="md">
      <InputGroup
        w="full"
        startElement={<LuSearch />}
        endElement={
          panelOpen && !current ? (
            <Spinner size="xs" color="fg.muted" />
          ) : (
            <Kbd size="sm" display={{ base: 'none', lg: 'inline-flex' }} variant="outline">
              /
            </Kbd>
          )
        }
      >
        <Input
          ref={inputRef}
          type="search"
          name="search"
          role="combobox"
          aria-label="Search"
          aria-autocomplete="list"
          aria-expanded={panelOpen}
          aria-controls={panelOpen ? listboxId : undefined}
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          placeholder="Search orders, invoices, pharmacies..."
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          bg="bg.muted"
          borderColor="transparent"
          _hover={{ borderColor: 'border' }}
          _focus={{ bg: 'bg.panel' }}
          rounded="lg"
        />
      </InputGroup>
      {panelOpen ? (
        <Box
          position="absolute"
          top="calc(100% + 0.375rem)"
          insetStart="0"
          w={PANEL_WIDTH}
          maxW="calc(100vw - 1.5rem)"
          maxH="min(70vh, 32rem)"
          overflowY="auto"
          zIndex="popover"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border.muted"
          rounded="lg"
          shadow="lg"
          py="1"
          data-testid="search-panel"
        >
          {!current ? (
            <Text px="4" py="3" textStyle="sm" color="fg.muted" role="status">
              {results.isError && debounced === term ? 'Search failed' : 'Searching...'}
            </Text>
          ) : options.length === 0 ? (
            <Text px="4" py="3" textStyle="sm" color="fg.muted" role="status">
              No results found for "{term}"
            </Text>
          ) : null}
          <Box id={listboxId} role="listbox" aria-label="Search results" hidden={!options.length}>
            {groupsOf(options).map(({ group, items }) => (
              <Box key={group} role="group" aria-labelledby={`${listboxId}-${group}`} py="1">
                <Text
                  id={`${listboxId}-${group}`}
                  px="4"
                  py="1.5"
                  textStyle="xs"
                  fontWeight="semibold"
                  color="fg.muted"
                  textTransform="uppercase"
                  letterSpacing="wide"
                >
                  {group}
                </Text>
                {items.map(({ option, index }) => (
                  <Box
                    key={option.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    data-testid={`search-result-${option.key}`}
                    px="4"
                    py="2"
                    cursor="pointer"
                    bg={index === active ? 'bg.muted' : undefined}
                    _hover={{ bg: 'bg.muted' }}
                    onPointerMove={() => setActive(index)}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(option)}
                  >
                    <Text textStyle="sm" fontWeight="medium" truncate>
                      {option.title}
                    </Text>
                    <Text textStyle="xs" color="fg.muted" truncate>
                      {option.detail}
                    </Text>
                  </Box>
                ))}
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

function groupsOf(options: SearchOption[]) {
  const groups: { group: string; items: { option: SearchOption; index: number }[] }[] = [];
  options.forEach((option, index) => {
    const last = groups.at(-1);
    if (last?.group === option.group) last.items.push({ option, index });
    else groups.push({ group: option.group, items: [{ option, index }] });
  });
  return groups;
}

import { lazy, Suspense, useCallback, useState } from 'react';
import { errorMessage, errorStatus, serverFieldErrors } from '../../lib/errors';

/** The server's 409 for sending an order of a pharmacy on credit hold. */
export function isCreditHoldRefusal(error: unknown): boolean {
  return errorStatus(error) === 409 && /is on credit hold/.test(errorMessage(error));
}

/** A refusal the user may override with a reason, and the field the retry gives it in. */
export interface Override {
  field: 'holdOverrideReason' | 'licenceOverrideReason';
  title: string;
  action: string;
  message: string;
}

/**
 * The refusals a reason overrides: a credit hold (where the role may override one), and (for an
 * admin: the server names the field only then) a missing or expired state licence (issue 29).
 * Anything else is not overridable.
 */
export function overrideOf(error: unknown, mayOverrideHold: boolean): Override | null {
  const message = errorMessage(error);
  if (isCreditHoldRefusal(error) && mayOverrideHold) {
    return {
      field: 'holdOverrideReason',
      title: 'Send despite credit hold?',
      action: 'Override and Send',
      message,
    };
  }
  if (errorStatus(error) === 409 && serverFieldErrors(error).licenceOverrideReason) {
    return {
      field: 'licenceOverrideReason',
      title: 'Go ahead without a valid licence?',
      action: 'Override licence',
      message,
    };
  }
  return null;
}

/**
 * Runs `attempt` with the override reasons given so far; each overridable refusal asks for its
 * reason and tries again (a credit hold, then a licence). False: the user cancelled.
 */
export async function withOverrides(
  ask: (override: Override) => Promise<string | null>,
  attempt: (reasons: Partial<Record<Override['field'], string>>) => Promise<unknown>,
  mayOverrideHold: boolean,
): Promise<boolean> {
  const reasons: Partial<Record<Override['field'], string>> = {};
  for (;;) {
    try {
      await attempt(reasons);
      return true;
    } catch (error) {
      const override = overrideOf(error, mayOverrideHold);
      if (!override || reasons[override.field] !== undefined) throw error;
      const reason = await ask(override);
      if (reason === null) return false;
      reasons[override.field] = reason;
    }
  }
}

// The dialog's machine and focus trap are not part of the orders list's first load.
const HoldOverrideDialog = lazy(() =>
  import('./HoldOverrideDialog').then((module) => ({ default: module.HoldOverrideDialog })),
);

export interface Question extends Override {
  answer: (reason: string | null) => void;
}

/**
 * Asks for the reason to go ahead despite a refusal (`overrideOf`): `ask(override)` resolves to
 * the reason, or null when the user cancels. Render `dialog` once.
 */
export function useHoldOverride() {
  const [question, setQuestion] = useState<Question | null>(null);
  // Loaded when first asked, and mounted from then on, so that it animates out.
  const [used, setUsed] = useState(false);
  const ask = useCallback((override: Override) => {
    setUsed(true);
    return new Promise<string | null>((resolve) => setQuestion({ ...override, answer: resolve }));
  }, []);
  const close = (reason: string | null) => {
    question?.answer(reason);
    setQuestion(null);
  };
  return {
    ask,
    dialog: used ? (
      <Suspense fallback={null}>
        <HoldOverrideDialog question={question} onClose={close} />
      </Suspense>
    ) : null,
  };
}

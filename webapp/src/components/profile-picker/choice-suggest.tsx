import { type Intent, MenuItem } from '@blueprintjs/core';
import { type ItemPredicate, type ItemRenderer, Suggest } from '@blueprintjs/select';
import { NO_OPTIONS_TEXT } from '@/components/country-suggest/country-suggest';
import { foldText } from '@/lib/list-query';

/** One choice: a club, team, federation or city by name, with an optional hint (the team's club). */
export interface Choice {
  id: number;
  name: string;
  label?: string;
}

interface ChoiceSuggestProps {
  id?: string;
  choices: readonly Choice[];
  selectedId: number | null;
  onChange: (id: number) => void;
  /**
   * Choices taken by another row of the form (spec 01 §4 "Membership choice lists"): shown,
   * but not selectable until that row is removed.
   */
  disabledIds?: readonly number[];
  intent?: Intent;
  disabled?: boolean;
  placeholder?: string;
}

const matches: ItemPredicate<Choice> = (query, choice) => {
  const needle = foldText(query.trim());
  return foldText(choice.name).includes(needle) || (choice.label !== undefined && foldText(choice.label).includes(needle));
};

/** Picks one of a list already loaded in the browser, by a part of its name. */
export function ChoiceSuggest({
  id,
  choices,
  selectedId,
  onChange,
  disabledIds = [],
  intent,
  disabled,
  placeholder = 'Choose',
}: ChoiceSuggestProps) {
  const selected = choices.find((choice) => choice.id === selectedId) ?? null;
  const renderChoice: ItemRenderer<Choice> = (choice, { handleClick, handleFocus, modifiers, ref }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={choice.id}
        ref={ref}
        active={modifiers.active}
        disabled={modifiers.disabled}
        text={choice.name}
        label={choice.label}
        onClick={handleClick}
        onFocus={handleFocus}
        roleStructure="listoption"
      />
    ) : null;
  return (
    <Suggest<Choice>
      items={choices as Choice[]}
      selectedItem={selected}
      itemsEqual="id"
      itemPredicate={matches}
      itemRenderer={renderChoice}
      itemDisabled={(choice) => choice.id !== selectedId && disabledIds.includes(choice.id)}
      inputValueRenderer={(choice) => choice.name}
      noResults={<MenuItem disabled text={NO_OPTIONS_TEXT} roleStructure="listoption" />}
      onItemSelect={(choice) => onChange(choice.id)}
      disabled={disabled}
      fill
      resetOnClose
      inputProps={{ id, intent, placeholder }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
}

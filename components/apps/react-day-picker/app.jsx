// A library loan: react-day-picker's calendar (each day a button named by
// its whole date, "Friday, June 20th, 2025", showing its number) and
// Downshift's combobox and select (a listbox its hooks wire up).
import React, { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useCombobox, useSelect } from 'downshift';

const books = ['Dune', 'Emma', 'Hamlet', 'Ivanhoe', 'Jane Eyre', 'Middlemarch', 'Moby Dick', 'Persuasion', 'Ulysses'];
const branches = ['Central', 'Riverside', 'Hilltop'];

function BookCombobox({ onPick }) {
  const [items, setItems] = useState(books);
  const { isOpen, getLabelProps, getMenuProps, getInputProps, getItemProps, highlightedIndex } = useCombobox({
    items,
    onInputValueChange: ({ inputValue }) => setItems(books.filter((b) => b.toLowerCase().includes(inputValue.toLowerCase()))),
    onSelectedItemChange: ({ selectedItem }) => onPick(selectedItem),
  });
  return <div className="row"><label {...getLabelProps()}>Book</label><input {...getInputProps()} />
    <ul {...getMenuProps()} className="menu" style={{ display: isOpen ? 'block' : 'none' }}>
      {isOpen && items.map((it, i) => <li key={it} {...getItemProps({ item: it, index: i })} className={highlightedIndex === i ? 'hi' : ''}>{it}</li>)}
    </ul></div>;
}

function BranchSelect({ onPick }) {
  const { isOpen, selectedItem, getToggleButtonProps, getLabelProps, getMenuProps, getItemProps } = useSelect({
    items: branches, onSelectedItemChange: ({ selectedItem }) => onPick(selectedItem),
  });
  return <div className="row"><label {...getLabelProps()}>Branch</label><div {...getToggleButtonProps()} className="toggle">{selectedItem || 'Choose a branch'}</div>
    <ul {...getMenuProps()} className="menu" style={{ display: isOpen ? 'block' : 'none' }}>
      {isOpen && branches.map((b, i) => <li key={b} {...getItemProps({ item: b, index: i })}>{b}</li>)}</ul></div>;
}

function App() {
  const [book, setBook] = useState();
  const [branch, setBranch] = useState();
  const [day, setDay] = useState();
  const [out, setOut] = useState('');
  return <main><h1>Library loan</h1>
    <BookCombobox onPick={setBook} />
    <BranchSelect onPick={setBranch} />
    <p>Pick-up day</p>
    <DayPicker mode="single" selected={day} onSelect={setDay} defaultMonth={new Date(2025, 5, 1)} />
    <button onClick={() => setOut(`Loan: ${book} at ${branch}, ${day ? day.toDateString() : 'no day'}`)}>Borrow</button>
    <p role="status">{out}</p>
  </main>;
}
createRoot(document.getElementById('root')).render(<App />);

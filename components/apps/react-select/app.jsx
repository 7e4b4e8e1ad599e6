// react-select (React): a single and a multi select, each an editable
// combobox named by a <label for> its input.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import Select from 'react-select';

const opts = (xs) => xs.map((x) => ({ value: x, label: x }));

function App() {
  const [flavour, setFlavour] = useState(null);
  const [toppings, setToppings] = useState([]);
  const [out, setOut] = useState('');
  const order = (e) => {
    e.preventDefault();
    setOut(`Ordered: flavour=${flavour ? flavour.value : ''}, toppings=${toppings.map((t) => t.value).join('+')}`);
  };
  return (
    <form onSubmit={order} style={{ padding: 24, maxWidth: 400, fontFamily: 'sans-serif' }}>
      <h1>Order ice cream</h1>
      <label htmlFor="flavour">Flavour</label>
      <Select inputId="flavour" options={opts(['Vanilla', 'Chocolate', 'Strawberry', 'Pistachio'])} value={flavour} onChange={setFlavour} />
      <label htmlFor="toppings">Toppings</label>
      <Select inputId="toppings" isMulti options={opts(['Sprinkles', 'Nuts', 'Caramel', 'Whipped cream'])} value={toppings} onChange={setToppings} />
      <p><button type="submit">Order</button></p>
      <p role="status">{out}</p>
    </form>
  );
}

createRoot(document.getElementById('root')).render(<App />);

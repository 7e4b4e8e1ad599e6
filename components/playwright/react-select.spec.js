const { kit, expect } = require('./kit');

kit('react-select', ['select: opened each combobox and clicked the option, reopening it for the second topping (selectOption works on native selects only)'], async ({ page }) => {
  await page.goto('/react-select/');
  await page.getByLabel('Flavour').click();
  await page.getByRole('option', { name: 'Chocolate' }).click();
  await page.getByLabel('Toppings').click();
  await page.getByRole('option', { name: 'Sprinkles' }).click();
  await page.getByLabel('Toppings').click();
  await page.getByRole('option', { name: 'Caramel' }).click();
  await page.getByRole('button', { name: 'Order' }).click();
  await expect(page.getByText('Ordered: flavour=Chocolate, toppings=Sprinkles+Caramel')).toBeVisible();
});

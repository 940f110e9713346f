// Scaffold: replaced by the feature's real screen.
export default function CheckoutPage() {
  return <main className="p-8"><h1 className="text-xl font-semibold">CheckoutPage</h1></main>;
}

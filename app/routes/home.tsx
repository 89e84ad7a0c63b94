export default function Home() {
  return <h1 className="p-8 text-3xl font-bold">Connect with the Right Partners</h1>;
}

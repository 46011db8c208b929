import SeedLogin

await runLoginScreen()

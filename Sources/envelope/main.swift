print("envelope")

print("quietplaces")

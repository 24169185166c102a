print("kalends-bench")

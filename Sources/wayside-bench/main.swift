print("wayside-bench")

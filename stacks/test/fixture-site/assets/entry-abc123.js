console.log("entry");
